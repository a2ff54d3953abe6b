/**
 * Decorative illustrations for the hero slides, drawn in SVG in the repository: a few hundred
 * bytes each, sharp on every screen, no photo to download.
 */
const ART: ReadonlyArray<{ shapes: string; accent: string }> = [
  // A heart held in two hands.
  { shapes: 'M60 118c-22-14-38-28-38-46 0-12 9-21 20-21 8 0 14 4 18 10 4-6 10-10 18-10 11 0 20 9 20 21 0 18-16 32-38 46z', accent: 'M8 124c14 10 32 16 52 16s38-6 52-16' },
  // Three houses side by side.
  { shapes: 'M10 130V84l22-18 22 18v46zM44 130V70l26-22 26 22v60zM86 130V90l17-14 17 14v40z', accent: 'M0 134h120' },
  // A small plant growing.
  { shapes: 'M60 136V76M60 96c-20 0-32-12-34-30 20 0 32 12 34 30zM60 84c2-22 16-36 38-38-2 22-16 36-38 38z', accent: 'M30 136h60' },
  // A smiling sun.
  { shapes: 'M60 104a30 30 0 1 0 0-60 30 30 0 0 0 0 60zM48 78c6 8 18 8 24 0', accent: 'M60 18v10M60 120v10M16 74h10M94 74h10M29 43l7 7M84 98l7 7M29 105l7-7M84 50l7-7' },
];

export function HeroArt({ variant }: { variant: number }) {
  const art = ART[variant % ART.length] ?? ART[0]!;
  return (
    <svg className="hero-art" viewBox="0 0 120 144" width="120" height="144" aria-hidden="true" focusable="false">
      <circle cx="60" cy="74" r="58" className="hero-art-halo" />
      <path d={art.shapes} className="hero-art-shape" />
      <path d={art.accent} className="hero-art-accent" />
    </svg>
  );
}
