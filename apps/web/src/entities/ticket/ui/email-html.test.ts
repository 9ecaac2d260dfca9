import { describe, expect, it } from 'vitest';
import { foldEmailText } from './email-html';

describe('folding an email’s quoted history and signature', () => {
  it.each([
    ['Halo\nTerima kasih', 'Halo\nTerima kasih', ''],
    [
      'Siap kak\n\nOn Mon, 1 Jan 2026 Budi <b@x.id> wrote:\n> Halo',
      'Siap kak',
      'On Mon, 1 Jan 2026 Budi <b@x.id> wrote:\n> Halo',
    ],
    [
      'Oke\n\nPada Sen, 1 Jan 2026 Budi menulis:\n> Halo',
      'Oke',
      'Pada Sen, 1 Jan 2026 Budi menulis:\n> Halo',
    ],
    ['Baik\n-- \nBudi\n0812', 'Baik', '-- \nBudi\n0812'],
    ['Baik\n\n> kutipan\n> lagi', 'Baik', '> kutipan\n> lagi'],
    ['> hanya kutipan', '> hanya kutipan', ''],
  ])('%j', (text, main, quoted) => {
    expect(foldEmailText(text)).toEqual({ main, quoted });
  });
});
