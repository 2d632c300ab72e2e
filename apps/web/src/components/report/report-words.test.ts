import { reportCategories, reportStatuses } from '@candor/contract/labels';
import { activateLocale } from '@/lib/i18n';
import { categoryWord, categoryWordIds, statusWord, statusWordIds } from './report-words';

describe('report words', () => {
  afterEach(() => activateLocale('en'));

  it('name every status and category of the contract', () => {
    expect(Object.keys(statusWordIds).sort()).toEqual([...reportStatuses].sort());
    expect(Object.keys(categoryWordIds).sort()).toEqual([...reportCategories].sort());
  });

  it('say a status and a category as the original product did, in English', () => {
    expect(statusWord('under_review')).toBe('Under Review');
    expect(categoryWord('harassment')).toBe('Harassment');
  });

  it('say them in the page’s language, and a value no one named as it is written', async () => {
    await activateLocale('fr');
    expect(statusWord('under_review')).toBe('En cours d’examen');
    expect(categoryWord('harassment')).toBe('Harcèlement');
    expect(statusWord('on_hold')).toBe('On Hold');
  });
});
