/**
 * What an erased personal field holds (app/privacy/, ADR 016): the same placeholder in every table,
 * so a screen, an export or an invoice can tell "erased" from "empty" and never shows a person.
 */
export const ERASED = "[erased]";
