/**
 * Contact and community links shown in the top bar and footer. Placeholders until the settings
 * slice serves them (PRODUCT.md §10); only this object changes then.
 */
export const siteConfig = {
  contactEmail: 'contact@sahay.example',
  meetingUrl: 'https://meet.sahay.example/daily',
  groupUrl: 'https://chat.sahay.example/group',
  social: [
    { name: 'Facebook', url: 'https://facebook.example/sahay' },
    { name: 'YouTube', url: 'https://youtube.example/sahay' },
    { name: 'Instagram', url: 'https://instagram.example/sahay' },
  ],
} as const;
