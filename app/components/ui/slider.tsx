import { Slider as SliderPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "~/lib/utils";

function defaultThumbLabel(index: number, count: number): string | undefined {
  if (count === 2) return index === 0 ? "minimum" : "maximum";
  if (count > 2) return `value ${index + 1} of ${count}`;
  return undefined;
}

export type SliderProps = React.ComponentProps<typeof SliderPrimitive.Root> & {
  /** Accessible name, forwarded to every thumb (the element with role="slider"). */
  "aria-label"?: string;
  /** Id(s) of the visible label, forwarded to every thumb. */
  "aria-labelledby"?: string;
  /** Optional per-thumb accessible names (e.g. ["Minimum price", "Maximum price"]). */
  thumbLabels?: readonly string[];
};

/**
 * Slider with one thumb per value. `name` is passed to Radix, which renders hidden inputs so
 * the value(s) post with the surrounding form (`name` for one thumb, `name[]` for several).
 */
export function Slider({
  className,
  defaultValue,
  value,
  min = 0,
  max = 100,
  "aria-label": ariaLabel,
  "aria-labelledby": ariaLabelledBy,
  thumbLabels,
  ...props
}: SliderProps) {
  const baseId = React.useId();
  const values = value ?? defaultValue ?? [min];
  const count = values.length;

  return (
    <SliderPrimitive.Root
      data-slot="slider"
      defaultValue={defaultValue}
      value={value}
      min={min}
      max={max}
      className={cn(
        "relative flex w-full touch-none items-center select-none data-disabled:opacity-60 data-[orientation=horizontal]:min-h-6 data-[orientation=vertical]:h-full data-[orientation=vertical]:min-h-44 data-[orientation=vertical]:w-auto data-[orientation=vertical]:min-w-6 data-[orientation=vertical]:flex-col",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track
        data-slot="slider-track"
        className="relative grow overflow-hidden rounded-full bg-input data-[orientation=horizontal]:h-2 data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-2"
      >
        <SliderPrimitive.Range
          data-slot="slider-range"
          className="absolute bg-primary data-[orientation=horizontal]:h-full data-[orientation=vertical]:w-full"
        />
      </SliderPrimitive.Track>
      {values.map((_, index) => {
        const thumbId = `${baseId}-thumb-${index}`;
        const explicit = thumbLabels?.[index];
        const fallback = defaultThumbLabel(index, count);
        let label: string | undefined;
        let labelledBy: string | undefined;
        if (explicit) {
          label = explicit;
        } else if (ariaLabelledBy) {
          // "<visible label> <minimum|maximum>" via self-reference when there are several thumbs.
          label = fallback;
          labelledBy = fallback ? `${ariaLabelledBy} ${thumbId}` : ariaLabelledBy;
        } else if (ariaLabel) {
          label = fallback ? `${ariaLabel}, ${fallback}` : ariaLabel;
        }
        return (
          <SliderPrimitive.Thumb
            data-slot="slider-thumb"
            // biome-ignore lint/suspicious/noArrayIndexKey: thumbs are positional
            key={index}
            id={thumbId}
            aria-label={label}
            aria-labelledby={labelledBy}
            className="block size-5 shrink-0 rounded-full border-2 border-primary bg-background shadow-sm motion-safe:transition-[box-shadow] hover:ring-4 hover:ring-ring/30 focus-visible:ring-4 focus-visible:ring-ring/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-disabled:pointer-events-none"
          />
        );
      })}
    </SliderPrimitive.Root>
  );
}
