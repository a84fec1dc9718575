//! The service API shared by the app and the CLI.
