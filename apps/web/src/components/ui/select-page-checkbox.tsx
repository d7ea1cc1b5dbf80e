import { Checkbox } from './checkbox.tsx';

type Props<T extends { id: number }> = {
  items: T[];
  selected: ReadonlySet<number>;
  onSelect: (items: T[], checked: boolean) => void;
  label: string;
};

/** A table header's checkbox for the rows of the page: checked, mixed (indeterminate) or clear. */
export function SelectPageCheckbox<T extends { id: number }>({ items, selected, onSelect, label }: Props<T>) {
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const someSelected = !allSelected && items.some((item) => selected.has(item.id));
  return (
    <Checkbox
      aria-label={label}
      checked={allSelected}
      ref={(el) => {
        if (el) el.indeterminate = someSelected;
      }}
      onChange={(e) => onSelect(items, e.target.checked)}
    />
  );
}
