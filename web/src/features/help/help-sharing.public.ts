/**
 * What the help pages offer other features (docs/decisions/050): a story's text in the reader's
 * language, the share buttons, and reading a REST refusal. Members' fundraisers (issue 33) show
 * their story and are shared the same way.
 */
export { excerptOf, paragraphsOf, textIn } from './help-request-text.ts';
export { ShareButtons } from './components/share-buttons.tsx';
export { errorOf } from './hooks/member-submit-help-request.ts';
