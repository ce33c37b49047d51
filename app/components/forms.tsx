import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useFormAction, useNavigation } from "react-router";

/**
 * Form widgets shared by the order form and the quote form (after the Epic Stack's
 * app/components/forms.tsx): a labelled input or textarea with its hint and errors, wired for
 * screen readers (aria-invalid, aria-describedby) by Conform.
 */

export const inputClass =
  "mt-1 w-full rounded-xl border border-line bg-white px-4 text-base aria-invalid:border-red-500 aria-invalid:ring-1 aria-invalid:ring-red-500";

export function TextField({
  meta,
  label,
  optionalLabel,
  type = "text",
  autoComplete,
  placeholder,
  hint,
  maxLength,
  wide,
  rows,
  autoFocus,
  errors,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  /** The translated word "optional" when the field may stay empty. */
  optionalLabel?: string;
  type?: "text" | "email" | "tel" | "url";
  autoComplete?: string;
  placeholder?: string;
  hint?: string;
  maxLength?: number;
  wide?: boolean;
  /** A textarea of this many rows instead of an input. */
  rows?: number;
  autoFocus?: boolean;
  /** The field's messages, already translated. */
  errors?: string[];
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const common = {
    autoComplete,
    placeholder,
    // A form with constraints from its schema (useForm's `constraint`) already carries maxlength.
    ...(maxLength !== undefined ? { maxLength } : {}),
    "aria-required": optionalLabel ? undefined : true,
    autoFocus,
  } as const;
  return (
    <div className={wide || rows ? "sm:col-span-2" : undefined}>
      <label htmlFor={meta.id} className="text-sm font-semibold">
        {label} {optionalLabel ? <span className="font-normal text-muted">({optionalLabel})</span> : null}
      </label>
      {rows
        ? (() => {
            const props = getTextareaProps(meta, { ariaDescribedBy: hintId });
            return <textarea {...props} key={props.key} {...common} rows={rows} className={`${inputClass} py-3`} />;
          })()
        : (() => {
            const props = getInputProps(meta, { type, ariaDescribedBy: hintId });
            return <input {...props} key={props.key} {...common} className={`${inputClass} min-h-12`} />;
          })()}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {errors.join(" · ")}
    </p>
  );
}

/**
 * The error summary at the top of a form: each message in the form's order, linked to its field.
 * It takes the focus (tabIndex -1) so a phone scrolls it into view below the fixed header.
 */
export function ErrorSummary({
  id,
  title,
  items,
  autoFocus,
}: {
  id: string;
  title: string;
  items: Array<{ href: string; message: string }>;
  autoFocus?: boolean;
}) {
  if (!items.length) return null;
  return (
    <div
      role="alert"
      id={id}
      tabIndex={-1}
      autoFocus={autoFocus}
      className="error-summary mb-6 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900"
    >
      <p className="font-semibold">{title}</p>
      <ul className="mt-2 list-disc pl-5">
        {items.map((item) => (
          <li key={item.href}>
            <a className="underline" href={item.href}>
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The words public/forms.js puts on a form's fields as the visitor types: the server's own message
 * for each constraint of each field (keys from the schema, see app/orders/form-constraints.ts),
 * translated here. A JSON data block: never executed, so the CSP needs no nonce for it.
 */
export function FormMessages({
  id,
  summary,
  keys,
  t,
}: {
  id: string;
  summary: { id: string; title: string };
  keys: Record<string, { [flag in "valueMissing" | "tooShort" | "tooLong" | "patternMismatch"]?: string }>;
  t: (key: string) => string;
}) {
  const fields = Object.fromEntries(
    Object.entries(keys).map(([name, byFlag]) => [
      name,
      Object.fromEntries(Object.entries(byFlag).flatMap(([flag, key]) => (key ? [[flag, t(key)]] : []))),
    ]),
  );
  // "<" escaped so a message can never close the tag.
  const json = JSON.stringify({ summary, fields }).replace(/</g, "\\u003c");
  return <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: json }} />;
}

/** A fieldset of radio buttons (yes/no questions). */
export function RadioGroup({
  meta,
  legend,
  options,
  note,
  errors,
}: {
  meta: FieldMetadata<string | undefined>;
  legend: string;
  options: Array<{ value: string; label: string }>;
  note?: string;
  errors?: string[];
}): ReactNode {
  const noteId = note ? `${meta.id}-note` : undefined;
  return (
    <fieldset className="sm:col-span-2" aria-describedby={noteId}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 flex gap-6">
        {options.map((option) => (
          <label key={option.value} className="inline-flex min-h-11 items-center gap-2">
            <input
              {...getInputProps(meta, { type: "radio", value: option.value })}
              key={option.value}
              id={`${meta.id}-${option.value}`}
              className="size-5 accent-accent-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      {note ? (
        <p id={noteId} className="mt-1 text-sm text-muted">
          {note}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={errors} />
    </fieldset>
  );
}

/** A labelled <select>. */
export function SelectField({
  meta,
  label,
  options,
  errors,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  options: Array<{ value: string; label: string; lang?: string }>;
  errors?: string[];
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={meta.id}
        name={meta.name}
        defaultValue={meta.initialValue ?? ""}
        key={meta.key}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
        className={`${inputClass} min-h-12`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={meta.errorId} errors={errors} />
    </div>
  );
}

/**
 * True while this route's form is being submitted (after the Epic Stack's useIsPending): the one
 * pending check for submit buttons ("Sending…", disabled). Always false without JavaScript.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
}: { formAction?: string; formMethod?: "POST" | "GET" } = {}) {
  const contextualFormAction = useFormAction();
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== formMethod) return false;
  const target = formAction ?? contextualFormAction;
  const pendingPath = navigation.formAction?.split("?")[0];
  return pendingPath === target.split("?")[0];
}
