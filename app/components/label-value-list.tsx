/**
 * Label/value pairs in a `<dl>`, one row a pair on a phone and two columns from `sm` up: an
 * order's details, whoever reads them. The caller gives the box and the label column's width.
 */
export function LabelValueList({
  rows,
  className,
  testId,
}: {
  rows: ReadonlyArray<readonly [string, string]>;
  className: string;
  testId?: string;
}) {
  return (
    <dl className={`grid gap-x-6 ${className}`} data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-muted">{label}</dt>
          <dd className="break-words whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
