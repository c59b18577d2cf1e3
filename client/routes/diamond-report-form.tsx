/**
 * The landing's two report forms (issue 21 point 3): a certificate number of a stone Loupe lists, or the
 * characteristics and price of a stone seen elsewhere. Plain document posts to the landing (they work without
 * JavaScript); a refused post comes back with each problem beside its field and what was typed kept.
 */
import type { ReactNode } from "react";
import { CERTIFICATE_LABS, CLARITIES, COLORS, CUTS, FLUORESCENCES, SHAPES, type EnumEntry } from "#shared/enums.ts";
import type { ReportField, ReportFormValues, ReportWay } from "../reports-context";
import { FormAlert, type FormProblem } from "./diamond-report-parts";

interface FieldProps {
  form: ReportWay;
  name: ReportField;
  label: string;
  values: ReportFormValues;
  problem: FormProblem | undefined;
  hint?: string;
  required?: boolean;
  /** A select's options (code → label) and the label of its empty choice; without them a text input. */
  options?: readonly EnumEntry[];
  empty?: string;
  /** Options are sent by their slug instead of their code. */
  bySlug?: boolean;
  type?: "text" | "url";
  inputMode?: "decimal";
}

/** A labelled input or select, its hint, and its problem beside it. */
function Field({ form, name, label, values, problem, hint, required = false, options, empty, bySlug = false, type = "text", inputMode }: FieldProps) {
  const id = `${form}-${name}`;
  const error = problem?.form === form ? problem.fields[name] : undefined;
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = { id, name, required, "aria-invalid": error ? true : undefined, "aria-describedby": described, defaultValue: values[name] };
  return (
    <div className={error ? "field invalid" : "field"}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="muted"> (optional)</span>}
      </label>
      {options ? (
        <select {...common}>
          <option value="">{empty ?? "Choose…"}</option>
          {options.map((o) => (
            <option key={o.code} value={bySlug ? o.slug : o.code}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} type={type} inputMode={inputMode} autoComplete="off" />
      )}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const ORIGINS: readonly EnumEntry[] = [
  { code: 0, label: "Natural", slug: "natural" },
  { code: 1, label: "Lab-grown", slug: "lab" },
];

/** One of the two forms: its heading, its problem above it, its fields, its button. */
function ReportForm({
  way,
  title,
  intro,
  problem,
  children,
}: {
  way: ReportWay;
  title: string;
  intro: ReactNode;
  problem: FormProblem | undefined;
  children: ReactNode;
}) {
  const headingId = `report-${way}-heading`;
  return (
    <section className="report-way" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p>{intro}</p>
      <FormAlert problem={problem} form={way} />
      <form method="post" className="report-form" aria-labelledby={headingId}>
        <input type="hidden" name="way" value={way} />
        {children}
        <button type="submit" className="primary">
          Get my report
        </button>
      </form>
    </section>
  );
}

/** Both forms, filled from the query (a prefill, the way back from sign-in) or from a refused post. */
export function ReportForms({ values, way, problem }: { values: ReportFormValues; way: ReportWay; problem: FormProblem | undefined }) {
  const own = (w: ReportWay): ReportFormValues => (problem?.form === w ? (problem.values as ReportFormValues) : values);
  const cert = own("certificate");
  const stone = own("stone");
  const p = { problem };
  const certificateForm = (
    <ReportForm way="certificate" title="A stone we list" intro="Enter the certificate number printed on its grading report (GIA, IGI…)." problem={problem}>
      <Field form="certificate" name="certificateId" label="Certificate number" values={cert} required {...p} />
      <Field
        form="certificate"
        name="price"
        label="Price you were quoted (USD)"
        values={cert}
        inputMode="decimal"
        hint="Leave empty to use our listed price."
        {...p}
      />
      <Field form="certificate" name="productUrl" label="Product page" values={cert} type="url" hint="Where you saw it, if not on Loupe." {...p} />
    </ReportForm>
  );
  const stoneForm = (
    <ReportForm way="stone" title="A stone seen elsewhere" intro="Enter what its certificate says and the price you were asked." problem={problem}>
      <Field form="stone" name="origin" label="Origin" values={stone} options={ORIGINS} bySlug required {...p} />
      <Field form="stone" name="shape" label="Shape" values={stone} options={SHAPES} required {...p} />
      <Field form="stone" name="carat" label="Carat" values={stone} inputMode="decimal" required hint="For example 1.01" {...p} />
      <Field form="stone" name="color" label="Colour" values={stone} options={COLORS} required {...p} />
      <Field form="stone" name="clarity" label="Clarity" values={stone} options={CLARITIES} required {...p} />
      <Field form="stone" name="cut" label="Cut" values={stone} options={CUTS} empty="Not graded" {...p} />
      <Field form="stone" name="fluorescence" label="Fluorescence" values={stone} options={FLUORESCENCES} empty="Not given" {...p} />
      <Field form="stone" name="lab" label="Certificate lab" values={stone} options={CERTIFICATE_LABS} empty="Not given" {...p} />
      <Field form="stone" name="depthPct" label="Depth %" values={stone} inputMode="decimal" required hint="For example 61.8" {...p} />
      <Field form="stone" name="tablePct" label="Table %" values={stone} inputMode="decimal" required hint="For example 57" {...p} />
      <Field form="stone" name="lwRatio" label="Length/width ratio" values={stone} inputMode="decimal" hint="For fancy shapes, for example 1.45" {...p} />
      <Field form="stone" name="price" label="Price (USD)" values={stone} inputMode="decimal" required {...p} />
      <Field form="stone" name="productUrl" label="Product page" values={stone} type="url" {...p} />
    </ReportForm>
  );
  // The way the shopper chose comes first (back from signing in with a stone typed in, say).
  return (
    <div className="report-ways">
      {way === "stone" ? stoneForm : certificateForm}
      {way === "stone" ? certificateForm : stoneForm}
    </div>
  );
}
