import { RING_SIZES } from "#shared/cart/model.ts";

/** A ring size select's options: "Choose…" (no size), then 3-13 in quarter sizes. */
export function RingSizeOptions({ chooseDisabled = false }: { chooseDisabled?: boolean }) {
  return (
    <>
      <option value="" disabled={chooseDisabled}>
        Choose…
      </option>
      {RING_SIZES.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </>
  );
}
