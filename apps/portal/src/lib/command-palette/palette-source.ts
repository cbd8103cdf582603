/** What every command palette source receives: the text typed so far (trimmed). */
export interface PaletteSourceProps {
  query: string;
}

/** Case- and accent-insensitive "contains", for sources that filter a known list. */
export function matchesQuery(text: string, query: string): boolean {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase();
  return fold(text).includes(fold(query));
}
