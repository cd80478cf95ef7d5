import { agreedFields, conflictsOf } from '../../admin/src/live/recordMerge';

// The three-way merge of a reload (docs/live-updates.md#reload-a-three-way-merge): what is left to the person.
describe('the conflicts of a reload', () => {
  const base = { id: 1, version: 3, name: 'A', address: 'old', phone: '1', areaIds: [1, 2], notes: null };

  it('leaves no choice where only one side changed a field, or both made it the same', () => {
    const mine = { ...base, address: 'mine', areaIds: [1, 2, 3] };
    const theirs = { ...base, version: 4, name: 'B', areaIds: [1, 2, 3], notes: '' };
    expect(conflictsOf(base, mine, theirs)).toEqual({});
  });

  it('names each field both changed to different values, with both values', () => {
    const mine = { ...base, address: 'mine', phone: '2', notes: 'mine' };
    const theirs = { ...base, version: 4, address: 'theirs', phone: '2', areaIds: [1] };
    expect(conflictsOf(base, mine, theirs)).toEqual({ address: { theirs: 'theirs', mine: 'mine' } });
  });

  it('counts a field they emptied, and never the bookkeeping', () => {
    const mine = { ...base, version: 3, address: 'mine' };
    const theirs = { ...base, version: 4, address: null };
    expect(conflictsOf(base, mine, theirs)).toEqual({ address: { theirs: null, mine: 'mine' } });
  });

  it('finds the fields the person changed to what was saved meanwhile, whoever saved it first', () => {
    const mine = { ...base, address: 'same', phone: '2', areaIds: [1, 2, 3], notes: 'mine' };
    const theirs = { ...base, version: 4, address: 'same', phone: '9', areaIds: [1, 2, 3], name: 'B' };
    expect(agreedFields(base, mine, theirs)).toEqual(['address', 'areaIds']);
  });
});
