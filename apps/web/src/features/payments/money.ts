/** Whole rupiah as people read them: Rp104.440 (id) or IDR 104,440 (en). */
export function formatRupiah(amount: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-ID' : 'id-ID', {
    style: 'currency',
    currency: 'IDR',
    maximumFractionDigits: 0,
  }).format(amount);
}

/** Chat credits (or any figure) with up to two decimals in the language's digits: 511,5 (id), 511.5 (en). */
export function formatCredits(credits: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-ID' : 'id-ID', { maximumFractionDigits: 2 }).format(
    credits,
  );
}
