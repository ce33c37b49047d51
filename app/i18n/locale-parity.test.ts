import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { LANGUAGES } from "./languages.ts";

const localesDir = path.resolve(import.meta.dirname, "../../locales");

function keys(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
  }
  if (Array.isArray(value)) return value.flatMap((child, index) => keys(child, `${prefix}[${index}]`));
  return [prefix];
}

function load(lang: string, file: string) {
  return JSON.parse(fs.readFileSync(path.join(localesDir, lang, file), "utf8"));
}

const namespaces = fs.readdirSync(path.join(localesDir, "en")).filter((file) => file.endsWith(".json"));

describe("locale files", () => {
  test("every language has the same namespaces", () => {
    for (const lang of LANGUAGES) {
      expect(
        fs
          .readdirSync(path.join(localesDir, lang))
          .filter((f) => f.endsWith(".json"))
          .sort(),
        lang,
      ).toEqual([...namespaces].sort());
    }
  });

  test.each(namespaces)("%s has the same keys in all six languages, none empty", (file) => {
    const reference = keys(load("en", file)).sort();
    for (const lang of LANGUAGES) {
      const data = load(lang, file);
      expect(keys(data).sort(), `${lang}/${file}`).toEqual(reference);
      const empty = keys(data).filter((key) => {
        const value = key
          .split(/\.|\[(\d+)\]/)
          .filter(Boolean)
          .reduce((node: any, part) => node?.[part], data);
        return typeof value === "string" && value.trim() === "";
      });
      expect(empty, `${lang}/${file} empty strings`).toEqual([]);
    }
  });
});
