import { ColorInput } from '@mantine/core';

export interface ColorFieldProps {
  label: string;
  /** A CSS colour (#rrggbb), or null for none. */
  value: string | null;
  onChange: (value: string) => void;
}

/**
 * The one colour field of the builder's panels (fills, strokes, text colour, rating colours). It offers
 * the brand kit's colours as swatches and saving a new colour to the kit (spec section 7 rows 5 and 8).
 */
export function ColorField({ label, value, onChange }: ColorFieldProps) {
  return (
    <ColorInput
      size="xs"
      label={label}
      format="hex"
      value={value ?? ''}
      onChangeEnd={(next) => {
        if (next) onChange(next);
      }}
    />
  );
}
