package com.scaleout.warehouse.s3;

import com.scaleout.warehouse.domain.WarehouseFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A client's warehouse files copied from the bucket into a local directory, as the bucket lays them out below the
 * client's prefix; files already there with the same size are kept (a file is only ever replaced by a retried load,
 * which writes the same rows). Only the client's own prefix is listed, so only its files reach the directory.
 */
public final class ClientFiles {
    private final S3Client s3;
    private final String bucket;

    public ClientFiles(S3Client s3, String bucket) {
        this.s3 = s3;
        this.bucket = bucket;
    }

    /** What a copy brought: files listed, files fetched, their bytes, and local files removed (not the bucket's). */
    public record Copied(int files, int fetched, long bytes, int removed) {
    }

    /** Copies client {@code clientId}'s files into {@code clientDir}. */
    public Copied copy(long clientId, Path clientDir) {
        String prefix = WarehouseFiles.clientPrefix(clientId);
        int files = 0;
        int fetched = 0;
        long bytes = 0;
        var listed = new HashSet<Path>();
        for (var object : s3.listObjectsV2Paginator(list -> list.bucket(bucket).prefix(prefix)).contents()) {
            String relative = object.key().substring(prefix.length());
            Path target = clientDir.resolve(relative).normalize();
            if (!target.startsWith(clientDir) || !relative.endsWith(".parquet")) {
                continue; // not a file the loader writes
            }
            files++;
            bytes += object.size();
            listed.add(target);
            try {
                if (Files.isRegularFile(target) && Files.size(target) == object.size()) {
                    continue;
                }
                Files.createDirectories(Objects.requireNonNull(target.getParent(), "a file's directory"));
                Files.deleteIfExists(target);
                s3.getObject(get -> get.bucket(bucket).key(object.key()), target);
                fetched++;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot copy " + object.key(), e);
            }
        }
        return new Copied(files, fetched, bytes, removeUnlisted(clientDir, listed));
    }

    /**
     * Removes the directory's Parquet files the bucket does not have: the folder is a copy of the bucket's, and a
     * file that got there otherwise would be read as the client's data.
     */
    private static int removeUnlisted(Path clientDir, Set<Path> listed) {
        if (!Files.isDirectory(clientDir)) {
            return 0;
        }
        try (var found = Files.walk(clientDir)) {
            var extra = found.filter(path -> path.toString().endsWith(".parquet") && Files.isRegularFile(path))
                    .filter(path -> !listed.contains(path.normalize())).toList();
            for (Path file : extra) {
                Files.delete(file);
            }
            return extra.size();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean " + clientDir, e);
        }
    }
}
