import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@embauche/contracts/constants';
import { PERMISSIONS } from '@embauche/contracts/permissions';
import { splitPermission } from '@embauche/contracts/roles';
import { loadResources } from '../../../test/test-i18n.ts';

type Labels = { areas: Record<string, string>; actions: Record<string, Record<string, string>> };

describe('rights labels', () => {
  it.each(LANGUAGES)('%s names every area and action of the catalogue', (lng) => {
    const rights = loadResources()[lng]?.rights as Labels;
    const missing = PERMISSIONS.flatMap((key) => {
      const { area, action } = splitPermission(key);
      return [rights.areas[area] ? null : `areas.${area}`, rights.actions[area]?.[action] ? null : `actions.${area}.${action}`].filter(Boolean);
    });
    expect(missing).toEqual([]);
  });
});
