import { RegistrationEditPage } from './registration-edit-page';
import { RegistrationListPage } from './registration-list-page';
import { RegistrationRecordPage } from './registration-record-page';

// Seed 000 §2: /application/form (+ /create, /edit, /data), the form application, on the registration's engine.

export const FormPage = () => <RegistrationListPage kind="form" />;
export const FormCreatePage = () => <RegistrationEditPage kind="form" />;
export const FormEditPage = () => <RegistrationEditPage kind="form" />;
export const FormDataPage = () => <RegistrationRecordPage kind="form" />;
