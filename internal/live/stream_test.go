package live

import (
	"net/http/httptest"
	"testing"
)

// TestStreamSendsEvents checks the event stream's wire format: the retry
// and hello first, then each event with its id on one line and one "data:"
// line per line of data, a line break in an id never splitting the event.
func TestStreamSendsEvents(t *testing.T) {
	w := httptest.NewRecorder()
	ev, err := Start(w)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Send("panel", "a\nb", []byte("<p>\r\n</p>")); err != nil {
		t.Fatal(err)
	}
	if got := w.Header().Get("Content-Type"); got != "text/event-stream" {
		t.Errorf("Content-Type = %q", got)
	}
	want := "retry: 5000\n\nevent: hello\ndata: \n\nevent: panel\nid: a b\ndata: <p>\ndata: </p>\n\n"
	if got := w.Body.String(); got != want {
		t.Errorf("stream =\n%q\nwant\n%q", got, want)
	}
	if !w.Flushed {
		t.Error("the events were not flushed")
	}
}

// TestLastKey checks that a reconnecting browser's Last-Event-ID wins over
// the page's own key.
func TestLastKey(t *testing.T) {
	r := httptest.NewRequest("GET", "/live/1/events?key=page", nil)
	if got := LastKey(r); got != "page" {
		t.Errorf("LastKey = %q, want the page's", got)
	}
	r.Header.Set("Last-Event-ID", "event")
	if got := LastKey(r); got != "event" {
		t.Errorf("LastKey = %q, want the event's", got)
	}
	if WantsStream(r) {
		t.Error("a plain GET wants a stream")
	}
	r.Header.Set("Accept", "text/event-stream")
	if !WantsStream(r) {
		t.Error("an EventSource does not want a stream")
	}
}
