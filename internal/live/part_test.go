package live

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// TestShownSend: a part is sent only when its key moved, with its key as
// the event's id when asked, and a part held by one just sent (the clock
// in a tablet's panel) is not sent after it.
func TestShownSend(t *testing.T) {
	w := httptest.NewRecorder()
	ev, err := Start(w)
	if err != nil {
		t.Fatal(err)
	}
	part := func(event, key string) Part {
		return Part{Event: event, Key: key, Render: func() ([]byte, error) { return []byte(event + " " + key), nil }}
	}
	sh := Shown{"panel": "p1", "clock": "c1"}
	clock := part("clock", "c2")
	panel := part("panel", "p2")
	panel.ID, panel.Holds = true, []Part{clock}
	if more, err := sh.send(ev, []Part{panel, clock}); !more || err != nil {
		t.Fatalf("send = %v, %v", more, err)
	}
	if more, err := sh.send(ev, []Part{part("panel", "p2"), part("clock", "c3")}); !more || err != nil {
		t.Fatalf("send = %v, %v", more, err)
	}
	body := w.Body.String()
	body = body[strings.Index(body, "event: hello\ndata: \n\n")+len("event: hello\ndata: \n\n"):]
	want := "event: panel\nid: p2\ndata: panel p2\n\nevent: clock\ndata: clock c3\n\n"
	if body != want {
		t.Errorf("events =\n%q\nwant\n%q", body, want)
	}
	if sh["panel"] != "p2" || sh["clock"] != "c3" {
		t.Errorf("shown = %v; want panel p2, clock c3", sh)
	}
}
