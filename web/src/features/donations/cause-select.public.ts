/** The causes' picker, offered to other features (docs/decisions/050): a member's fundraiser is for one of them (issue 33). */
export { CauseSelect } from './components/cause-select.tsx';
