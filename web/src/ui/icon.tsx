/** 24×24 outline icons drawn inline: no image requests, and they take the text colour. */
const PATHS = {
  heart: 'M12 21s-7-4.35-9.5-8.5C.5 9 2.5 5 6.5 5c2 0 3.5 1 5.5 3 2-2 3.5-3 5.5-3 4 0 6 4 4 7.5C19 16.65 12 21 12 21z',
  rupee: 'M6 4h12M6 9h12M6 4c6 0 6 10 0 10l9 7',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  hands: 'M2 14l4-4 4 2 3-3h4l4 4-7 7-6-3-2 1zM9 9l3-3 3 3',
  cross: 'M9 3h6v6h6v6h-6v6H9v-6H3V9h6z',
  pulse: 'M2 12h4l3-7 4 14 3-7h6',
  leaf: 'M5 21c0-9 5-15 15-16-1 10-7 15-15 16zM5 21l8-8',
  book: 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 21V5M8 7h7',
  map: 'M9 4l6 2 6-2v16l-6 2-6-2-6 2V6zM9 4v16M15 6v16',
  receipt: 'M6 2h12v20l-3-2-3 2-3-2-3 2zM9 7h6M9 11h6M9 15h4',
  phone: 'M5 3h4l2 5-3 2a11 11 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  pin: 'M12 22s7-7 7-12a7 7 0 0 0-14 0c0 5 7 12 7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  check: 'M4 12l5 5L20 6',
  file: 'M6 2h8l5 5v15H6zM14 2v5h5M9 13h6M9 17h6',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = 'icon' }: { name: IconName; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
