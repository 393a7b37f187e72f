//go:build !unix

package main

import (
	"context"
	"log/slog"
)

// profileOnSignal does nothing here: the load benchmark signals the kiosk
// (profile_unix.go).
func profileOnSignal(context.Context, *env, *slog.Logger) {}
