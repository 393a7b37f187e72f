package main

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkColdStart times the kiosk's cold start as a service manager sees
// it: the real binary (built once, as a dealer school runs it) started with
// `trainer serve` on an existing database, until GET /healthz answers 200.
// Each run is a new process, so nothing is warm but the operating system's
// file cache. The database is one a kiosk has served before (migrated, with
// its audit key and lock file beside it). "recorded" is every start but the
// first of a program on its rules (validated.go: they load in the
// background); "validating" is that first start, which validates them
// before it listens. Figures are in docs/load.md. $COLDSTART_BINARY times
// another build instead (an older commit's, built with go build), so that
// two can be compared on the same machine in the same minutes.
//
//	go test -run '^$' -bench BenchmarkColdStart -benchtime 20x ./cmd/trainer
func BenchmarkColdStart(b *testing.B) {
	bin := os.Getenv("COLDSTART_BINARY")
	if bin == "" {
		bin = trainerBinary(b)
	}
	path := filepath.Join(b.TempDir(), "trainer.db")
	cache := b.TempDir()
	coldStart(b, bin, path, cache) // makes and migrates the database, records the rules
	for _, bb := range []struct {
		name   string
		record bool
	}{{"recorded", true}, {"validating", false}} {
		b.Run(bb.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				if !bb.record {
					b.StopTimer()
					if err := os.RemoveAll(filepath.Join(cache, "dealer-trainer")); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				cpu += coldStart(b, bin, path, cache)
			}
			// The CPU the process used, start to stop (the stop is a
			// small part): on a shared machine the wall time varies
			// with the load, this less.
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// coldStart runs `trainer serve` on path, waits until /healthz answers 200
// and stops it (SIGTERM); the time until 200 is what a benchmark times. It
// returns the CPU time the process used.
// The validation records go to cache ($XDG_CACHE_HOME).
func coldStart(b *testing.B, bin, path, cache string) time.Duration {
	b.Helper()
	b.StopTimer()
	addr := freeAddr(b)
	cmd := exec.Command(bin, "serve", "-addr", addr, "-db", path)
	cmd.Env = append(os.Environ(), "TRAINER_SESSION_KEY=", "XDG_CACHE_HOME="+cache)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	var log strings.Builder
	logged := make(chan struct{})
	go func() {
		defer close(logged)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
		}
	}()
	hc := &http.Client{Timeout: time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	url := "http://" + addr + "/healthz"
	b.StartTimer()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := hc.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			b.StopTimer()
			cmd.Process.Kill()
			cmd.Wait()
			<-logged
			b.Fatalf("/healthz not 200 after 30 s (last: %v):\n%s", err, log.String())
		}
		time.Sleep(time.Millisecond)
	}
	b.StopTimer()
	cmd.Process.Signal(syscall.SIGTERM)
	<-logged
	if err := cmd.Wait(); err != nil {
		b.Fatalf("trainer serve: %v\n%s", err, log.String())
	}
	b.StartTimer()
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// freeAddr returns a 127.0.0.1 address nothing listens on.
func freeAddr(b *testing.B) string {
	b.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer ln.Close()
	return fmt.Sprint(ln.Addr())
}
