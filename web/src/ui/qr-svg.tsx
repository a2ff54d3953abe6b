import { useEffect, useState } from 'react';

/**
 * A QR code drawn as SVG (crisp at any size, no image request, nothing for the CSP to allow). The
 * encoder loads on first use. `label` is what a screen reader announces in its place.
 */
export function QrSvg({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const [path, setPath] = useState<{ d: string; modules: number } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('qrcode').then(({ create }) => {
      const { modules } = create(text, { errorCorrectionLevel: 'M' });
      let d = '';
      for (let row = 0; row < modules.size; row += 1) {
        for (let column = 0; column < modules.size; column += 1) if (modules.get(row, column)) d += `M${column + 4} ${row + 4}h1v1h-1z`;
      }
      if (isCurrent) setPath({ d, modules: modules.size + 8 });
    });
    return () => {
      isCurrent = false;
    };
  }, [text]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${path?.modules ?? 1} ${path?.modules ?? 1}`} className="qr-svg" shapeRendering="crispEdges">
      <rect width="100%" height="100%" fill="#fff" />
      {path && <path d={path.d} fill="#000" />}
    </svg>
  );
}
