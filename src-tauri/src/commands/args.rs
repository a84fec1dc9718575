//! A command's arguments read as one typed value: the page sends every command its arguments
//! as one object (`{ id, entrant, lang }`), and a command that takes `Args<T>` reads that whole
//! object as `T`. Commands that take the same arguments share one type (and a service type
//! can be the argument list itself) instead of each repeating the list.

use serde::de::DeserializeOwned;
use tauri::ipc::{CommandArg, CommandItem, InvokeBody, InvokeError};
use tauri::Runtime;

/// The command's whole argument object, as `T` (fields in the page's camelCase).
pub struct Args<T>(pub T);

impl<'de, T: DeserializeOwned, R: Runtime> CommandArg<'de, R> for Args<T> {
    fn from_command(command: CommandItem<'de, R>) -> Result<Self, InvokeError> {
        let invalid = |e| tauri::Error::InvalidArgs(command.name, command.key, e).into();
        match command.message.payload() {
            InvokeBody::Json(args) => T::deserialize(args).map(Args).map_err(invalid),
            InvokeBody::Raw(bytes) => serde_json::from_slice(bytes).map(Args).map_err(invalid),
        }
    }
}

impl<T> std::ops::Deref for Args<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}
