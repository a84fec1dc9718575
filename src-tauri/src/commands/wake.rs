//! IPC command: keep the screen on during a game (see `crate::wake`).

use crate::wake::WakeLock;
use tablemate::ServiceError;
use tauri::State;

#[tauri::command(async)]
pub fn keep_awake(lock: State<'_, WakeLock>, on: bool) -> Result<bool, ServiceError> {
    lock.set(on).map_err(ServiceError::internal)
}
