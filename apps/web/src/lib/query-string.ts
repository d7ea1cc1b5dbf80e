export type FilterValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** `filter[name][key]=value` (e.g. `filter[custom_fields][12]=Paris`): a filter with named parts. */
export type NestedFilter = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** The `filter` of a list call: a value per name, or named parts. */
export type ListFilter = Record<string, FilterValue | NestedFilter>;

export type ListQuery = {
  filter?: ListFilter;
  /** A column name, with a leading minus for descending order. */
  sort?: string | null;
  page?: number | null;
  [param: string]: FilterValue | ListFilter | undefined;
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
      for (const [name, filterValue] of Object.entries(value as ListFilter)) {
        if (filterValue && typeof filterValue === 'object' && !Array.isArray(filterValue)) {
          for (const [part, partValue] of Object.entries(filterValue as NestedFilter)) {
            const text = serialise(partValue);
            if (text !== null) params.append(`filter[${name}][${part}]`, text);
          }
          continue;
        }
        const text = serialise(filterValue as FilterValue);
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
