/** Sentences with `{name}` placeholders, shared by the refusal and the contract-issue catalogues. */
export type TemplateValues = Readonly<Record<string, string>>;

/** The `{name}` placeholders of a template, in order of appearance. */
export const placeholdersOf = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/** Fills a template; a placeholder without a value stays visible, so a gap is noticed, not hidden. */
export const fillTemplate = (template: string, values: TemplateValues): string =>
  template.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
