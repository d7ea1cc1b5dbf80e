import { CheckCheck } from 'lucide-react';
import { Button } from './ui/button.tsx';

/** A batch bar's "select all N that match" state (issue 42 part 2, lib/use-select-all.ts). */
export type SelectAllControl = {
  active: boolean;
  count: number;
  matching: number;
  onSelectAll: () => void;
  /** The server counted another number (409): the next action confirms that one. */
  onRecount?: (count: number) => void;
};

/**
 * "Select all N that match", offered in a batch bar after the page's checkbox when the list holds
 * more than the rows ticked. Its text is long: it wraps on a phone rather than push the page sideways.
 */
export function SelectAllButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" className="h-auto min-h-8 max-w-full whitespace-normal py-1 text-left" onClick={onClick}>
      <CheckCheck aria-hidden="true" />
      {label}
    </Button>
  );
}
