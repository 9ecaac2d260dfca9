/** The detail page of one broadcast (001 §2 broadcast detail). */
export const detailPath = (id: string) => `/broadcast/whatsapp/detail?id=${id}`;
