import { encode } from 'uqr';
import { useMemo } from 'react';

/** A QR code of `text` as an SVG, one square per dark module, with the quiet zone around it. */
export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { data } = useMemo(() => encode(text, { ecc: 'M', border: 2 }), [text]);
  const n = data.length;
  const path = useMemo(
    () =>
      data
        .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')))
        .filter(Boolean)
        .join(''),
    [data],
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${n} ${n}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-md border bg-white"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
