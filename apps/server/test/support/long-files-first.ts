import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that take longest (each walks every route), by what their name starts with. */
const LONGEST = ['fuzz-postgres', 'fuzz-sqlite', 'route-matrix'];

/**
 * Vitest's order (on a clean clone: larger files first), with the longest files moved to the front so
 * that the two workers do not end on one of them alone. Their size says nothing of their length:
 * the fuzz files are two lines each.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const name = file.moduleId.split('/').pop() ?? '';
      const index = LONGEST.findIndex((start) => name.startsWith(start));
      return index === -1 ? LONGEST.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}
