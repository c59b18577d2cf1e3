import { SHAPES, byCode } from "#shared/enums.ts";

/** The generated SVG illustration of a shape, with its size reserved (no layout shift). */
export function ShapeImage({ shape, size, eager = false, alt }: { shape: number; size: number; eager?: boolean; alt?: string }) {
  const s = byCode(SHAPES, shape);
  return (
    <img
      src={`/images/diamonds/${s?.slug ?? "round"}.svg`}
      width={size}
      height={size}
      alt={alt ?? `${s?.label ?? "Diamond"} shape`}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
