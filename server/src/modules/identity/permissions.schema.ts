/** What a staff account may be granted (PRODUCT.md §9); an admin holding all of them is a super-admin. */
export const PERMISSIONS = ['content', 'finance', 'verification', 'members', 'settings'] as const;
export type Permission = (typeof PERMISSIONS)[number];
