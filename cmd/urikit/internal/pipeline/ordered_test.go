package pipeline

import (
	"errors"
	"runtime"
	"testing"
	"time"
)

// TestOrdered: items are written in the order sent, after their work,
// whatever order the workers finish in; items sent without work are
// written as they are.
func TestOrdered(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	const n = 500
	var got []int
	err := ordered(func(send func(*[2]int, bool) bool) {
		for i := range n {
			if !send(&[2]int{i, 0}, i%7 != 0) {
				t.Error("send reported the pipeline over")
				return
			}
		}
	}, func(it *[2]int) {
		if it[0]%3 == 0 {
			time.Sleep(time.Duration(it[0]%5) * time.Microsecond)
		}
		it[1] = 1
	}, func(it *[2]int) error {
		if want := 1; it[0]%7 == 0 {
			want = 0
			if it[1] != want {
				t.Errorf("item %d, sent without work, was worked on", it[0])
			}
		} else if it[1] != want {
			t.Errorf("item %d written before its work", it[0])
		}
		got = append(got, it[0])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != i {
			t.Fatalf("item %d written at place %d", v, i)
		}
	}
	if len(got) != n {
		t.Fatalf("%d items written, want %d", len(got), n)
	}
}

// TestOrderedWriteFails: a write that fails ends the pipeline: ordered
// returns its error, send reports false to the producer, and nothing is
// written after it.
func TestOrderedWriteFails(t *testing.T) {
	failed := errors.New("output full")
	stopped := make(chan int, 1)
	written := 0
	err := ordered(func(send func(*int, bool) bool) {
		for i := 0; ; i++ {
			if !send(&i, true) {
				stopped <- i
				return
			}
		}
	}, func(*int) {}, func(it *int) error {
		written++
		if written == 10 {
			return failed
		}
		if written > 10 {
			t.Errorf("written after the failure")
		}
		return nil
	})
	if err != failed {
		t.Fatalf("ordered = %v, want %v", err, failed)
	}
	select {
	case <-stopped:
	case <-time.After(10 * time.Second):
		t.Fatal("the producer was not stopped")
	}
}
