/** What the shopper chose for a line (size, engraving, care plan; shared/cart/breakdown.ts lineDetails), under its name. */
export function LineDetails({ details }: { details: readonly string[] | undefined }) {
  if (!details?.length) return null;
  return (
    <ul className="line-details">
      {details.map((d) => (
        <li key={d}>{d}</li>
      ))}
    </ul>
  );
}
