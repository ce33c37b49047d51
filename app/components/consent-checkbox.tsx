import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldErrors } from "./forms.tsx";

/**
 * A box the buyer ticks to agree (the terms of sale, the request to start at once). Never ticked
 * in advance: it comes back ticked only when the same visitor's post is shown again with an error.
 * The box sits in the left gutter, so the label, a hint and an error line (the server's, or the one
 * public/forms.js appends to this block) all read as one column beside it.
 */
export function ConsentCheckbox({
  meta,
  label,
  hint,
  errors,
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getInputProps(meta, { type: "checkbox", ariaDescribedBy: hintId });
  return (
    <div className="relative pl-9 sm:col-span-2" data-consent={meta.name}>
      <input {...props} key={props.key} className="absolute top-0.5 left-0 size-5 accent-accent-600" />
      <label htmlFor={meta.id} className="block font-medium">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={errors} />
    </div>
  );
}
