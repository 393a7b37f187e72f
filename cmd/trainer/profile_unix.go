//go:build unix

package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
)

// profileOnSignal serves the load benchmark (TestLoad_Group, docs/load.md):
// with TRAINER_CPUPROFILE=FILE set, the kiosk writes a CPU profile of itself
// to FILE between a SIGUSR1 and the next SIGUSR2 (or its shutdown), so that
// the profile covers the timed part and not the sign-ins before it. Without
// the variable it does nothing, and the signals keep their default.
func profileOnSignal(ctx context.Context, e *env, log *slog.Logger) {
	path := e.Getenv("TRAINER_CPUPROFILE")
	if path == "" {
		return
	}
	c := make(chan os.Signal, 2)
	signal.Notify(c, syscall.SIGUSR1, syscall.SIGUSR2)
	go func() {
		defer signal.Stop(c)
		var f *os.File
		stop := func() {
			if f != nil {
				pprof.StopCPUProfile()
				f.Close()
				log.Info("CPU profile written", "file", path)
				f = nil
			}
		}
		defer stop()
		for {
			select {
			case <-ctx.Done():
				return
			case s := <-c:
				if s == syscall.SIGUSR2 {
					stop()
					continue
				}
				if f != nil {
					continue
				}
				var err error
				if f, err = os.Create(path); err != nil {
					log.Error("CPU profile", "error", err)
					continue
				}
				if err := pprof.StartCPUProfile(f); err != nil {
					log.Error("CPU profile", "error", err)
					f.Close()
					f = nil
				}
			}
		}
	}()
}
