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

/** The select value that means "I don't know my size yet" (client/cart-form.ts turns it into `set-ring-size-later`). */
export const SIZE_LATER = "later";

/** The option for a shopper who does not know the size: it is asked for by email after the order. */
export const SIZE_LATER_LABEL = "I don't know my size yet — ask me after I order";

/** What happens with "size later", shown once it is chosen. */
export const SIZE_LATER_NOTE = "We will email you after your order to ask for the size, and send you a free ring sizer to measure at home.";

/** The cart's size select value: a size, "later", or "" (none chosen yet). */
export function sizeValue(size: number | null, later: boolean): string {
  return later ? SIZE_LATER : size === null ? "" : String(size);
}

/** The sizes, then "I don't know my size yet" (the cart's ring and band size choice). */
export function SizeChoiceOptions() {
  return (
    <>
      <RingSizeOptions />
      <option value={SIZE_LATER}>{SIZE_LATER_LABEL}</option>
    </>
  );
}
