/** Small building blocks shared by every page: headers, cards, fields, states, badges. */
export { Badge, EnabledBadge, HttpStatus, MonthStatusBadge, StatusBadge, type Tone } from './badges';
export { FormActions, Segmented, SetRemoveActions } from './controls';
export { ApiProblemsScope } from './api-problems';
export { NewPasswordField, SelectField, TextField } from './fields';
export { Card, Details, PageHeader, Stat, type DetailItem } from './layout';
export { EmptyState, ErrorNotice, FormError, Loading, ProblemList } from './states';
