//! Memory for the big tables read at random, one cache line a probe: the search's
//! transposition table and the Kalah solver's two (its table and endgame database). Backed by
//! huge pages where the system allows it, and read ahead with a prefetch.
//!
//! Such a table reaches far beyond what the processor's address cache (TLB) covers with
//! 4 KiB pages: on Linux with transparent huge pages set to `madvise` (the default of many
//! distributions) every probe also walked the page tables. Asking for 2 MiB pages makes the
//! same search faster, with the same nodes (the README's speed section has the solver's
//! times).

/// Asks the kernel to back the spare capacity of `v` (reserved, not yet touched) with huge
/// pages. Only a hint: where it cannot be done (another system, huge pages off) nothing
/// changes.
pub(crate) fn prefer_huge_pages<T>(v: &mut Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = v.as_mut_ptr().cast::<u8>();
        let bytes = v.capacity() * std::mem::size_of::<T>();
        let skip = (HUGE - start as usize % HUGE) % HUGE;
        if bytes < skip + HUGE {
            return;
        }
        let len = (bytes - skip) / HUGE * HUGE;
        // SAFETY: `start + skip .. start + skip + len` lies inside `v`'s allocation, which `v`
        // owns, and is page aligned (2 MiB). `madvise(MADV_HUGEPAGE)` only tells the kernel
        // how to back those pages with physical memory: it never changes their contents, the
        // mapping's protection or its lifetime, so no reference into the vector is affected.
        // The result is ignored: on failure the memory is used as it is.
        #[allow(unsafe_code)]
        unsafe {
            libc::madvise(start.add(skip).cast(), len, libc::MADV_HUGEPAGE);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}

/// A vector of `n` values made by `make`, its memory offered huge pages before the first
/// value is written ([`prefer_huge_pages`] only acts on memory not yet touched).
pub(crate) fn huge_page_vec<T>(n: usize, make: impl FnMut() -> T) -> Vec<T> {
    let mut v = Vec::with_capacity(n);
    prefer_huge_pages(&mut v);
    v.extend(std::iter::repeat_with(make).take(n));
    v
}

/// Asks the processor to start loading the cache line holding `r`, without waiting for it:
/// a search can compute a child's table slot well before it reads it, and a probe that
/// finds its line already on its way costs a fraction of a miss. Only a hint: elsewhere than
/// x86-64 it does nothing.
#[inline(always)]
pub(crate) fn prefetch<T>(r: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch has no effect on memory or on the program's state: it never
        // faults, even on an invalid address, and here the address is that of a live
        // reference. The SSE feature it needs is part of every x86-64 processor.
        #[allow(unsafe_code)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(r).cast());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = r;
}
