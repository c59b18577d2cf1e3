/**
 * `/injector-test` (§2; issue 20 point 3): a harmless page an operator opens to check that a tag manager's
 * injection works. It names each tag slot of shared/landing/site.ts and marks it with an empty element
 * (`data-tag-slot`) a test tag can write into; Loupe itself injects nothing. Not for search engines (noindex).
 */
import { TAG_SLOTS } from "#shared/landing/site.ts";
import type { RouteHandle } from "../route-handle";

export const handle: RouteHandle = {
  flags: { preventRobots: true, preventCouponPopup: true, hideOfferLauncher: true },
  sharedRender: true,
  meta: () => ({ title: "Tag injection test | Loupe", description: "An operator's page for checking tag injection.", canonical: "/injector-test" }),
};

export function Component() {
  return (
    <div className="page landing">
      <h1>Tag injection test</h1>
      <p>
        This page is for the people who run the site. A tag manager that works writes into the marked slots below; the page itself loads no third-party tag and
        changes nothing for shoppers.
      </p>
      <table className="landing-slots">
        <caption>Tag slots</caption>
        <thead>
          <tr>
            <th scope="col">Slot</th>
            <th scope="col">Where it is</th>
            <th scope="col">Test marker</th>
          </tr>
        </thead>
        <tbody>
          {TAG_SLOTS.map((s) => (
            <tr key={s.id}>
              <th scope="row">
                <code>{s.id}</code>
              </th>
              <td>{s.where}</td>
              <td>
                <output data-tag-slot={s.id} id={`tag-slot-${s.id}`} aria-label={`Marker of slot ${s.id}`}>
                  empty
                </output>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
