import { RegistrationEditPage } from './registration-edit-page';
import { RegistrationListPage } from './registration-list-page';
import { RegistrationRecordPage } from './registration-record-page';

// Seed 000 §2: /enroll, /Enroll/edit, /Enroll/record are the registration's screens.

export const EnrollListPage = () => <RegistrationListPage kind="enroll" />;
export const EnrollEditPage = () => <RegistrationEditPage kind="enroll" />;
export const EnrollRecordPage = () => <RegistrationRecordPage kind="enroll" />;
