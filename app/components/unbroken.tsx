import { Fragment } from "react";
import { unbrokenParts } from "../lib/unbroken.ts";

/** A text whose email addresses and order references never break at a hyphen (app/lib/unbroken.ts). */
export function Unbroken({ text }: { text: string }) {
  return (
    <>
      {unbrokenParts(text).map((part, index) =>
        part.pieces ? (
          <span key={index} data-unbroken>
            {part.pieces.map((piece, at) => (
              <Fragment key={at}>
                {at > 0 ? <wbr /> : null}
                <span className="whitespace-nowrap">{piece}</span>
              </Fragment>
            ))}
          </span>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
