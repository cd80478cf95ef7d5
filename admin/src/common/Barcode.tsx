import { toSVG } from 'bwip-js/browser';
import { useMemo, type CSSProperties } from 'react';

/**
 * A DN number's Code 128 barcode or an MTM number's QR code, drawn by bwip-js as SVG: sharp at any
 * printer's resolution. An <img> of it, so no markup of ours is built from the order's text.
 */
export const Barcode = ({ kind, text, style }: { kind: 'code128' | 'qrcode'; text: string; style: CSSProperties }) => {
  const source = useMemo(() => {
    const svg = toSVG(kind === 'code128'
      ? { bcid: 'code128', text, scale: 2, height: 12, includetext: false }
      : { bcid: 'qrcode', text, scale: 2 });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }, [kind, text]);
  return <img src={source} alt={text} data-code={text} data-kind={kind} style={style} />;
};
