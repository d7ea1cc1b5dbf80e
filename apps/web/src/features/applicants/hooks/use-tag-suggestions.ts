import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useTagNames } from '../api/get-tag-names.ts';

/** Suggestions for a tag input from the company's tags, following what is typed (debounced). */
export function useTagSuggestions(enabled = true) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 250);
  const names = useTagNames(search, enabled);
  return { suggestions: names.data ?? [], onTextChange: setText };
}
