export type FilterValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type ListQuery = {
  filter?: Record<string, FilterValue>;
  /** A column name, with a leading minus for descending order. */
  sort?: string | null;
  page?: number | null;
  [param: string]: FilterValue | Record<string, FilterValue> | undefined;
};

function serialise(value: FilterValue): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    const parts = value.map(String).filter((v) => v !== '');
    return parts.length ? parts.join(',') : null;
  }
  const text = String(value);
  return text === '' ? null : text;
}

/** Builds `filter[name]=value&sort=-name&page=2`; empty values are skipped, arrays comma-joined. */
export function buildQueryString(query: ListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'filter' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, filterValue] of Object.entries(value as Record<string, FilterValue>)) {
        const text = serialise(filterValue);
        if (text !== null) params.append(`filter[${name}]`, text);
      }
      continue;
    }
    const text = serialise(value as FilterValue);
    if (text !== null) params.append(key, text);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
