import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

/** The rental's QR code, drawn here (its payload never leaves the screen), large enough to photograph. */
export function RentalQr({ value, label }: { value: string; label: string }) {
  const svg = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(value);
    qr.make();
    return qr.createSvgTag({ cellSize: 8, margin: 2, scalable: true });
  }, [value]);
  return (
    <div
      className="rental-qr"
      role="img"
      aria-label={label}
      data-testid="rental-qr"
      // The SVG is generated from our own payload, not from user input.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
