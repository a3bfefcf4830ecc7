/** The terms a client's users accept before working in it. */
export { TermsModal } from './TermsModal';
