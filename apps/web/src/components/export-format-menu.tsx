import { Fragment } from 'react';
import { Download } from 'lucide-react';
import { EXPORT_FORMATS } from '@embauche/contracts/offers';
import { Button } from './ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './ui/dropdown-menu.tsx';

/** A group of the menu: one entry per format ("CSV of the selection", …). */
export type ExportSection = {
  key: string;
  heading?: string;
  itemLabel: (format: string) => string;
  onSelect: (format: (typeof EXPORT_FORMATS)[number]) => void;
};

/** The export button of a list: a menu of formats, in one or more sections (selection, all). */
export function ExportFormatMenu({
  label,
  disabled,
  sections,
  size,
}: {
  label: string;
  disabled?: boolean;
  sections: ExportSection[];
  /** `sm` in a batch bar, beside its other small buttons. */
  size?: 'sm';
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size={size} disabled={disabled}>
          <Download aria-hidden="true" />
          {label}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {sections.map((section, i) => (
          <Fragment key={section.key}>
            {i > 0 ? <DropdownMenuSeparator /> : null}
            {section.heading ? <DropdownMenuLabel>{section.heading}</DropdownMenuLabel> : null}
            {EXPORT_FORMATS.map((format) => (
              <DropdownMenuItem key={format} onSelect={() => section.onSelect(format)}>
                {section.itemLabel(format.toUpperCase())}
              </DropdownMenuItem>
            ))}
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
