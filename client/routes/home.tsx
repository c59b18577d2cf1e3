import { Form, Link } from "react-router";
import type { RouteHandle } from "../route-handle";
import { SHAPES } from "#shared/enums.ts";
import { SEARCH_AREAS } from "../components/chrome";
import { ShapeImage } from "../components/shape-icon";

export const handle: RouteHandle = {
  flags: { darkTheme: true, scrollToTop: true },
  meta: () => ({
    title: "Loupe — compare certified diamonds and engagement rings",
    description: "Search natural and lab-grown diamonds from independent retailers, compare prices and build a ring.",
    canonical: "/",
  }),
};

export function Component() {
  return (
    <div className="page home">
      <section className="hero">
        <h1>Every certified diamond, one honest price comparison</h1>
        <p>Natural and lab-grown diamonds from independent retailers, graded by GIA, AGS, IGI and more.</p>
      </section>
      <section aria-labelledby="by-shape">
        <h2 id="by-shape">Search by shape</h2>
        <Form method="get" action="/diamond-search/s" className="shape-search">
          <fieldset className="origin-switch">
            <legend>Diamond type</legend>
            <label>
              <input type="radio" name="origin" value="natural" defaultChecked /> Natural
            </label>
            <label>
              <input type="radio" name="origin" value="lab" /> Lab-grown
            </label>
          </fieldset>
          <div className="shape-grid">
            {SHAPES.map((s, i) => (
              <button key={s.code} type="submit" name="shape" value={s.slug} className="shape-button">
                <ShapeImage shape={s.code} size={56} eager={i < 10} alt="" />
                <span>{s.label}</span>
              </button>
            ))}
          </div>
        </Form>
      </section>
      <section aria-labelledby="areas">
        <h2 id="areas">Shop</h2>
        <ul className="area-list">
          {SEARCH_AREAS.map((a) => (
            <li key={a.to}>
              <Link to={a.to}>{a.label}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
